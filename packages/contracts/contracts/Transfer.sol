// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Order payments
/// @notice Members pay a shop order in USDT plus an AGC fee. The server matches `Paid` events to
/// orders and checks the amounts itself, so the contract only guarantees one payment per order id
/// and that the event reports exactly what was moved and by whom.
contract Transfer is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    error AlreadyPaid(uint256 orderId);
    error ZeroAmount();
    error ZeroAddress();

    event Paid(uint256 indexed orderId, address indexed payer, uint256 usdtAmount, uint256 agcAmount);
    event TreasuryChanged(address indexed previousTreasury, address indexed newTreasury);

    IERC20 public immutable usdt;
    IERC20 public immutable agc;
    address public treasury;

    mapping(uint256 orderId => bool) public paid;

    constructor(IERC20 usdt_, IERC20 agc_, address treasury_) Ownable(msg.sender) {
        if (address(usdt_) == address(0) || address(agc_) == address(0)) revert ZeroAddress();
        usdt = usdt_;
        agc = agc_;
        _setTreasury(treasury_);
    }

    function pay(uint256 orderId, uint256 usdtAmount, uint256 agcAmount) external nonReentrant {
        if (paid[orderId]) revert AlreadyPaid(orderId);
        if (usdtAmount == 0) revert ZeroAmount();
        paid[orderId] = true;

        usdt.safeTransferFrom(msg.sender, treasury, usdtAmount);
        if (agcAmount > 0) agc.safeTransferFrom(msg.sender, treasury, agcAmount);

        emit Paid(orderId, msg.sender, usdtAmount, agcAmount);
    }

    function setTreasury(address newTreasury) external onlyOwner {
        _setTreasury(newTreasury);
    }

    function _setTreasury(address newTreasury) private {
        // A zero treasury would burn every payment.
        if (newTreasury == address(0)) revert ZeroAddress();
        emit TreasuryChanged(treasury, newTreasury);
        treasury = newTreasury;
    }
}
