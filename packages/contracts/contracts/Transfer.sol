// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {Guarded} from "./Guarded.sol";

/// @title Order payments
/// @notice Members pay a shop order in USDT plus an AGC fee against an EIP-712 quote the server
/// signs with `quoteSigner` for exactly that order, payer, amounts and deadline. Without a quote
/// nobody can mark an order id as paid, so a stranger can no longer pay 1 unit for someone else's
/// (or a future) order id and make the member's real payment revert `AlreadyPaid`.
/// The server still matches `Paid` events to orders and checks the amounts itself.
contract Transfer is EIP712, Guarded, ReentrancyGuard {
    using SafeERC20 for IERC20;

    error AlreadyPaid(uint256 orderId);
    error ZeroAmount();
    error Expired();
    error InvalidSignature();
    /// @notice Less of `token` reached the treasury than the quote says (a fee-on-transfer token).
    error ShortPayment(address token, uint256 quoted, uint256 arrived);

    event Paid(uint256 indexed orderId, address indexed payer, uint256 usdtAmount, uint256 agcAmount);
    event TreasuryChanged(address indexed previousTreasury, address indexed newTreasury);
    event TreasuryChangeProposed(address indexed newTreasury, uint256 eta);
    event TreasuryChangeCancelled(address indexed cancelledTreasury);
    event QuoteSignerChanged(address indexed previousSigner, address indexed newSigner);
    event QuoteSignerChangeProposed(address indexed newSigner, uint256 eta);
    event QuoteSignerChangeCancelled(address indexed cancelledSigner);

    bytes32 public constant QUOTE_TYPEHASH =
        keccak256("Quote(uint256 orderId,address payer,uint256 usdtAmount,uint256 agcAmount,uint256 deadline)");

    IERC20 public immutable usdt;
    IERC20 public immutable agc;
    address public treasury;
    address public quoteSigner;

    PendingAddress public pendingTreasury;
    PendingAddress public pendingQuoteSigner;

    mapping(uint256 orderId => bool) public paid;

    constructor(
        IERC20 usdt_,
        IERC20 agc_,
        address treasury_,
        address quoteSigner_,
        address guardian_,
        uint256 changeDelay_
    ) EIP712("AGCFund Transfer", "1") Guarded(guardian_, changeDelay_) {
        if (address(usdt_) == address(0) || address(agc_) == address(0)) revert ZeroAddress();
        usdt = usdt_;
        agc = agc_;
        _setTreasury(treasury_);
        _setQuoteSigner(quoteSigner_);
    }

    /// @param signature `quoteSigner`'s signature over Quote(orderId, msg.sender, usdtAmount,
    /// agcAmount, deadline). Binding the payer means a quote seen in the mempool is useless to
    /// anyone else; binding the amounts means nobody pays an order with other amounts than quoted.
    function pay(uint256 orderId, uint256 usdtAmount, uint256 agcAmount, uint256 deadline, bytes calldata signature)
        external
        nonReentrant
        whenNotPaused
    {
        if (block.timestamp > deadline) revert Expired();
        if (paid[orderId]) revert AlreadyPaid(orderId);
        if (usdtAmount == 0) revert ZeroAmount();

        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(QUOTE_TYPEHASH, orderId, msg.sender, usdtAmount, agcAmount, deadline))
        );
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err != ECDSA.RecoverError.NoError || recovered != quoteSigner) revert InvalidSignature();

        paid[orderId] = true;
        address to = treasury;
        _pull(usdt, to, usdtAmount);
        if (agcAmount > 0) _pull(agc, to, agcAmount);

        emit Paid(orderId, msg.sender, usdtAmount, agcAmount);
    }

    /// @dev Moves `amount` of `token` from the payer to the treasury and measures what arrived there: a token
    /// that keeps a fee (or otherwise delivers less) makes the payment revert `ShortPayment`, so `Paid` always
    /// states what the treasury received and the server never credits more than arrived. SafeERC20 accepts
    /// tokens that return no bool (USDT).
    function _pull(IERC20 token, address to, uint256 amount) private {
        uint256 before = token.balanceOf(to);
        token.safeTransferFrom(msg.sender, to, amount);
        uint256 arrived = token.balanceOf(to) - before;
        if (arrived < amount) revert ShortPayment(address(token), amount, arrived);
    }

    // --- quote signer: delayed, since a new signer can mark any order id as paid ---

    function proposeQuoteSigner(address newSigner) external onlyOwner {
        emit QuoteSignerChangeProposed(newSigner, _propose(pendingQuoteSigner, newSigner));
    }

    function executeQuoteSigner() external onlyOwner {
        _setQuoteSigner(_takeReady(pendingQuoteSigner));
    }

    function cancelQuoteSignerChange() external onlyOwnerOrGuardian {
        emit QuoteSignerChangeCancelled(_dropPending(pendingQuoteSigner));
    }

    // --- treasury: delayed, since it receives every payment ---

    function proposeTreasury(address newTreasury) external onlyOwner {
        emit TreasuryChangeProposed(newTreasury, _propose(pendingTreasury, newTreasury));
    }

    function executeTreasury() external onlyOwner {
        _setTreasury(_takeReady(pendingTreasury));
    }

    function cancelTreasuryChange() external onlyOwnerOrGuardian {
        emit TreasuryChangeCancelled(_dropPending(pendingTreasury));
    }

    function _setTreasury(address newTreasury) private {
        // A zero treasury would burn every payment.
        if (newTreasury == address(0)) revert ZeroAddress();
        emit TreasuryChanged(treasury, newTreasury);
        treasury = newTreasury;
    }

    function _setQuoteSigner(address newSigner) private {
        // ecrecover yields address(0) for some invalid signatures; tryRecover reports those as errors,
        // but a zero signer is refused as well so no signature can ever match it.
        if (newSigner == address(0)) revert ZeroAddress();
        emit QuoteSignerChanged(quoteSigner, newSigner);
        quoteSigner = newSigner;
    }
}
