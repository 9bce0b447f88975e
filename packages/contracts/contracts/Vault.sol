// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title Withdrawal vault
/// @notice Pays member withdrawals in USDT or AGC against EIP-712 vouchers signed by the admin
/// `signer`. Each voucher id pays at most once.
contract Vault is EIP712, Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    error Expired();
    error AlreadyClaimed(uint256 id);
    error InvalidSigner();
    error UnsupportedToken();
    error ZeroAddress();

    event Claimed(uint256 indexed id, address indexed account, address indexed token, uint256 amount);
    event SignerChanged(address indexed previousSigner, address indexed newSigner);

    bytes32 public constant WITHDRAW_TYPEHASH =
        keccak256("Withdraw(uint256 id,address account,address token,uint256 amount,uint256 deadline)");

    address public signer;
    mapping(address token => bool) public supportedToken;
    // Keyed by voucher id, not by signature: a re-signed or malleated voucher for the same id must
    // still be refused.
    mapping(uint256 id => bool) public claimed;

    constructor(address signer_, address usdt, address agc) EIP712("AGCFund Vault", "1") Ownable(msg.sender) {
        if (usdt == address(0) || agc == address(0)) revert ZeroAddress();
        supportedToken[usdt] = true;
        supportedToken[agc] = true;
        _setSigner(signer_);
    }

    /// @param signature Admin signature over Withdraw(id, msg.sender, token, amount, deadline); binding
    /// the caller means a leaked voucher is useless to anyone else.
    function claim(uint256 id, address token, uint256 amount, uint256 deadline, bytes calldata signature)
        external
        nonReentrant
    {
        if (block.timestamp > deadline) revert Expired();
        if (!supportedToken[token]) revert UnsupportedToken();
        if (claimed[id]) revert AlreadyClaimed(id);

        bytes32 digest =
            _hashTypedDataV4(keccak256(abi.encode(WITHDRAW_TYPEHASH, id, msg.sender, token, amount, deadline)));
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err != ECDSA.RecoverError.NoError || recovered != signer) revert InvalidSigner();

        claimed[id] = true;
        IERC20(token).safeTransfer(msg.sender, amount);
        emit Claimed(id, msg.sender, token, amount);
    }

    function setSigner(address newSigner) external onlyOwner {
        _setSigner(newSigner);
    }

    function _setSigner(address newSigner) private {
        if (newSigner == address(0)) revert ZeroAddress();
        emit SignerChanged(signer, newSigner);
        signer = newSigner;
    }
}
